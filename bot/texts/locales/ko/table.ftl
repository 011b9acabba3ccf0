# 서버에 남는 테이블: 전용 스레드의 경기, 차례 알림, 기록, 재대결, 기록 목록, 설정.

## 경기 전용 스레드와 채널의 로비 메시지
thread-name = 파이브 업 · { $players }
lobby-playing-thread = 경기는 { $thread }에서 진행 중입니다. 행운을 빕니다!
lobby-after-round = { $round }라운드가 끝났습니다.
lobby-over-thread = { $thread }의 경기가 끝났습니다.

## 차례 줄: 누가 둘 차례인지 (알림과 컴퓨터 대리 시각은 경기 시작 때 한 번만 알림)
status-turn-play = { $player } 차례입니다.

## 재대결
button-rematch = 재대결
lobby-rematch = 같은 자리로 하는 재대결입니다. 빠지려면 **나가기**를 누르세요.
rematch-opened = 같은 자리로 하는 재대결 테이블을 { $channel }에 열었습니다. 모두 준비되면 { $host } 님이 시작합니다.
rematch-link = 같은 자리로 하는 재대결이 열렸습니다: { $link }

## /five-up history
cmd-history = 이 서버의 최근 경기와 각 경기의 기록·그림
cmd-history-match = 기록과 마지막 그림을 받을 경기(#번호)
history-title = **이 서버의 최근 경기**
history-line = #{ $id } · { $date } · { $players } · { $scores }
history-none = 이 서버에서 끝난 경기가 아직 없습니다.
history-pick = `/five-up history 경기:`로 하나를 고르면 기록과 마지막 그림을 받을 수 있습니다.
history-match = **경기 #{ $id }**, { $date }: { $players }. { $scores }
history-replay = 경기 기록(record.json: 모든 배분과 모든 놓기)과 마지막 그림을 첨부했습니다.
history-choice = #{ $id } · { $players }

## /five-up settings
cmd-settings = 나의 Five Up 설정
cmd-settings-ping = 내 차례가 되면 차례 메시지에서 나를 멘션할지
choice-ping-on = 켜기: 내 차례에 멘션
choice-ping-off = 끄기: 멘션하지 않음
settings-ping-on = 이제 내 차례가 되면 차례 메시지가 멘션합니다.
settings-ping-off = 이제 차례 메시지가 멘션하지 않습니다(오래 기다리면 오는 알림은 그대로 멘션합니다).

## /five-up start
cmd-start-thread = 경기를 전용 스레드에서 진행 (기본: 예)

## 거절
error-no-such-match = 이 서버에서 끝난 경기 중에 #{ $id }번 경기는 없습니다.

## /five-up end로 중간에 끝낸 경기: 지금까지의 점수와 기록을 남기고, 레이팅에는 반영하지 않습니다.
match-ended-early = ⏹ 경기가 중간에 끝나서 레이팅에 반영되지 않습니다. 기록을 첨부했고, `/five-up history`에 남습니다.
table-ended-kept = 지금까지의 경기는 남겨 둡니다: 점수와 기록은 { $room }에 있고, `/five-up history`에 중간에 끝난 경기로 나옵니다.
lobby-ended-early-thread = { $thread }의 경기가 중간에 끝났습니다.
history-ended-early = 중간에 끝남, 레이팅 미반영
history-match-ended-early = 중간에 끝난 경기라 레이팅에 반영되지 않았습니다.

## 조용한 테이블 (`/five-up start quiet:True`): 그 자리에서 바뀌는 판 메시지 하나
cmd-start-quiet = 스레드에 판 메시지 하나만 두고, 놓을 때마다 그 메시지를 고치기 (기본: 아니요)
lobby-quiet = 🤫 조용한 테이블입니다: 경기 스레드에는 판 메시지가 하나만 있고, 놓을 때마다 그 메시지가 바뀝니다. 모든 수는 `/five-up replay`에서 볼 수 있어요.
match-quiet = 🤫 조용한 테이블입니다: 판은 메시지 하나로 보여 주고 놓을 때마다 바뀝니다. 둘 차례인 플레이어에게는 그대로 알림이 갑니다. 모든 수는 `/five-up replay`에서 볼 수 있어요.
board-your-move = { $player } 님, 둘 차례입니다. 판은 바로 위에 있습니다.
