## 진행 속도: 실시간 테이블과 통신 대국 테이블(한 수에 1시간, 12시간, 1일, 3일)
pace-live = 실시간
pace-1h = 한 수에 1시간
pace-12h = 한 수에 12시간
pace-1d = 한 수에 1일
pace-3d = 한 수에 3일
time-left-days = ⏳ { $hours ->
        [0] { $days }일 남음
       *[other] { $days }일 { $hours }시간 남음
    }
time-left-hours = ⏳ { $hours }시간 남음
time-left-minutes = ⏳ { $minutes }분 남음
clock-stopped = ⏸️ { $until }까지 자리 비움: 시계가 멈춰 있습니다
lobby-pace = 📮 통신 대국 테이블: **{ $pace }**. 시간이 다 되면 컴퓨터 플레이어가 그 한 수만 대신 둡니다.
lobby-pace-forfeit = 📮 통신 대국 테이블: **{ $pace }**. 시간이 다 된 플레이어는 경기에서 집니다.
match-clock-correspondence = 📮 통신 대국, **{ $pace }**: 둘 차례인 플레이어에게 절반이 지났을 때와 한 시간 남았을 때 알림이 갑니다. 시간이 다 되면 컴퓨터 플레이어가 그 한 수만 대신 둡니다.
match-clock-forfeit = 📮 통신 대국, **{ $pace }**: 둘 차례인 플레이어에게 절반이 지났을 때와 한 시간 남았을 때 알림이 갑니다. 시간이 다 되면 그 편이 경기에서 집니다.
reminder-correspondence = { $mention } 님, 파이브 업에서 둘 차례입니다: { $left }.
reminder-direct = 파이브 업에서 둘 차례입니다({ $left }): { $where }
timed-out = ⌛ { $player }의 시간이 다 되어 컴퓨터 플레이어가 이 한 수를 대신 두었습니다.
forfeit-won = { $count ->
   *[other] 🏆 **{ $side }**, 상대의 시간 초과로 경기에서 승리했습니다!
}
forfeited = ⌛ { $player }의 시간이 다 되었습니다: 그 편이 경기에서 집니다.
player-away = ⏸️ { $player }은(는) { $until }까지 자리를 비웁니다: 그때까지(또는 다시 둘 때까지) 시계가 멈춥니다.
player-back = ▶️ { $player }이(가) 돌아왔습니다: 시계가 다시 갑니다.
settings-away-on = { $until }까지 자리 비움으로 설정했습니다. 그때까지 또는 직접 둘 때까지 통신 대국 시계가 멈춥니다: { $count ->
        [0] 지금 가고 있는 시계는 없습니다.
       *[other] 가고 있던 시계 { $count }개를 멈췄습니다.
    }
settings-away-off = 돌아오셨습니다: 통신 대국 시계가 다시 갑니다.
settings-dm-on = 이제 통신 대국 알림이 DM으로도 옵니다.
settings-dm-off = 이제 통신 대국 알림은 경기 스레드에만 옵니다.
turns-none = 이 서버에서 내 차례를 기다리는 테이블이 없습니다.
turns-title = 내 차례를 기다리는 테이블 { $count }개(마감이 가까운 순):
turns-line = **#{ $table }** 상대: { $opponents } · { $pace } · { $when } · [테이블로 가기]({ $link })
turns-no-deadline = 마감 없음
hand-table = -# { $room }의 **#{ $table }** 테이블, 상대: { $opponents }
error-cap-reached = { $cap ->
       *[other] { $player } 님은 이 서버에서 이미 진행 중인 통신 대국 테이블 { $cap }개에 앉아 있습니다. 서버 관리자가 허용한 최대치라서, 먼저 하나를 끝내야 합니다.
    }
error-cap-reached-you = { $cap ->
       *[other] 이 서버에서 이미 진행 중인 통신 대국 테이블 { $cap }개에 앉아 있습니다. 서버 관리자가 허용한 최대치입니다. 먼저 하나를 끝내 주세요.
    }
error-away-too-long = 자리 비움은 최대 { $days }일까지 가능합니다.
cmd-start-pace = 진행 속도: 실시간, 또는 통신 대국(한 수에 1시간, 12시간, 1일, 3일)
cmd-start-timeout = 통신 대국에서 시간이 다 되면: 컴퓨터가 대신 두기, 또는 패배
choice-pace-live = 실시간(모두 접속)
choice-pace-1h = 한 수에 1시간
choice-pace-12h = 한 수에 12시간
choice-pace-1d = 한 수에 1일
choice-pace-3d = 한 수에 3일
choice-timeout-computer = 컴퓨터가 그 수를 대신 둠
choice-timeout-forfeit = 경기에서 짐
cmd-turns = 이 서버에서 내 차례를 기다리는 모든 테이블
cmd-settings-away = 자리를 비울 일수(0: 지금 복귀). 그동안 통신 대국 시계가 멈춥니다
cmd-settings-dm = 통신 대국 알림을 DM으로도 받기
error-settings-nothing = 바꿀 설정을 하나 이상 고르세요: ping, away, dm.
