# 공개 테이블 메시지: 타일을 놓을 때마다 하나씩, 그리고 라운드 정산.
# 플레이어에게 보이는 점수는 표시 점수(원점수 ÷ 5)입니다. 사람 이름은 player-called로 "님"을 붙이고 (컴퓨터에는 붙이지 않음), 이름 뒤의 조사는 "이(가)"처럼 적으면 받침에 맞게 골라집니다.

## 누가 누구인가
computer-name = 컴퓨터 { $number }
side-team = { $first } & { $second }
side-team-before-i = { $first } & { $second }
player-called = { $name } 님

## 라운드
round-lot = **라운드 { $round }.** 추첨: { $draws } → 눈값 합이 가장 큰 **{ $player }**이(가) 선공합니다.
round-lot-entry = { $player } { $tile }
round-lot-again = 동률, 다시 추첨: { $draws }
round-finisher = **라운드 { $round }.** 지난 라운드에 타일을 소진한 { $player }이(가) 선공합니다.

## 타일 놓기
placed-opening = **{ $player }**이(가) { $tile } 타일로 시작했습니다.
placed-on = **{ $player }**이(가) { $tile } 타일을 { $on }에 놓았습니다.
ends-breakdown = 끝 { $values } = **{ $total }**
ends-total = 끝 합계 **{ $total }**
outcome-scored = { $ends } → { $side }에게 **+{ $points }**.
outcome-none = { $ends } → 득점 없음.
outcome-over = { $ends } → { $points }점 취소: { $side }의 점수가 61점을 초과합니다.
outcome-settled = { $ends } → 마지막 타일이므로 아래 라운드 정산과 합칩니다.
drew = **{ $player }**이(가) 남은 타일 더미에서 타일 { $count }개를 뽑았습니다.
passed = **{ $player }**이(가) 차례를 넘겼습니다: 놓을 수 있는 타일이 없고 남은 타일 더미가 비었습니다.
takeover = { $player }이(가) 자리를 비워, 돌아올 때까지 컴퓨터 플레이어가 대신 놓습니다.


## 차례 메시지: 방금 일어난 일 한 줄, 다음에 둘 사람 한 줄
turn-placed = { $player }이(가) { $on }에 { $tile }을(를) 놓음
turn-drew-placed = { $player }이(가) 타일 { $count }개를 뽑고 { $on }에 { $tile }을(를) 놓음
turn-opened = { $player }이(가) { $tile }(으)로 시작
turn-ends = 끝 합계 { $total }
turn-points = **+{ $points }**
turn-points-over = +{ $points } 취소: { $side }의 점수가 61점을 넘게 됩니다
turn-passed = { $player }은(는) 놓을 타일이 없어 넘김
turn-drew-passed = { $player }이(가) 타일 { $count }개를 뽑고 넘김
turn-out-scored = 타일을 모두 냄: { $side }에게 **{ $net }**
turn-out-over = 타일을 모두 냄: { $side }에게 { $net }, 61점을 넘게 되어 취소
turn-out-none = 타일을 모두 냄: 점수 변화 없음
turn-blocked = 막힘: { $awards }
turn-blocked-none = 막힘: 득점 없음
turn-award = { $side }에게 **+{ $points }**
turn-award-over = { $side }에게 +{ $points } 취소(61점을 넘게 됨)
turn-award-skipped = { $side }에게 +{ $points } 적용 안 함(경기가 이미 끝남)
turn-round = **{ $round }라운드**
turn-round-lot = **{ $round }라운드**(추첨으로 선공 결정)
turn-follow-up = { $mention } 님, 둘 차례입니다.
match-clock = { $reminder } 동안 두지 않으면 알림이 가고, { $takeover }이(가) 지나면 돌아올 때까지 컴퓨터 플레이어가 대신 놓습니다.
duration-minutes = { $count }분
duration-seconds = { $count }초

## 라운드 정산: 마지막 타일을 놓았을 때
domino-title = **{ $player }이(가) 마지막 타일을 놓았습니다!** 라운드 { $round } 종료.
settlement-hands = 공개된 보유 타일:
settlement-hand = • { $player }: { $tiles } (눈값 { $pips })
settlement-hand-empty = • { $player }: 타일 없음
domino-placement = 마지막 놓기: { $points }점
domino-opponents = 상대 타일: 눈값 { $pips } → 반올림 { $rounded } → +{ $points }
domino-partner = 파트너 타일: 눈값 { $pips } → 반올림 { $rounded } → { $points ->
    [0] 뺄 점수 없음
   *[other] −{ $points }
}
domino-net-scored = 합계: { $side }에게 **{ $net }**, 적용합니다.
domino-net-over = 합계: { $side }에게 **{ $net }**, 61점을 넘게 되므로 취소합니다.
domino-net-none = 합계: 0, 바뀌는 점수가 없습니다.

## 라운드 정산: 막힘
block-title = **막힘!** 아무도 놓을 수 없고 남은 타일 더미가 비었습니다. 라운드 { $round } 종료.
block-ranking = 가벼운 순서: { $ranking }
block-rank = { $rank }. { $player } (눈값 { $pips })
block-award-scored = { $player }: 상대 눈값이 { $difference } 더 많음, 반올림 { $rounded } → { $side }에게 **+{ $points }**.
block-award-over = { $player }: 상대 눈값이 { $difference } 더 많음, 반올림 { $rounded } → { $points }점 취소: { $side }의 점수가 61점을 초과합니다.
block-award-skipped = { $player }: 상대 눈값이 { $difference } 더 많음, 반올림 { $rounded } → { $points }점 적용하지 않음: 경기는 이미 끝났습니다.
block-no-awards = 득점할 만큼 상대보다 가벼운 보유 타일이 없습니다.
block-winner = { $count ->
   *[other] 가장 가벼운 보유 타일로 라운드 승리: { $side }
}
block-draw = 가장 가벼운 보유 타일이 서로 상대편의 것이므로 라운드는 무승부입니다.

## 경기 끝
game-over = { $count ->
   *[other] 🏆 **{ $side }**, 정확히 61점에 도달해 경기에서 승리했습니다!
}

## 모든 메시지 아래의 상태 줄
status-hands = 보유 타일: { $hands }. 남은 타일 더미: { $boneyard }.
status-hand = { $player } ({ $count })
status-scores = 점수 (목표 61): { $scores }
status-score = { $side } **{ $points }**
status-turn-computer = **{ $player }**이(가) 생각 중…
status-turn-away = **{ $player }** 차례: 자리를 비운 동안 컴퓨터 플레이어가 대신 놓습니다.

## 테이블의 일생
table-restored = 봇이 다시 시작되었습니다. 이 테이블은 계속됩니다.
table-ended = **{ $player }**이(가) 테이블을 닫았습니다.
match-ended-by = **{ $player }**이(가) 경기를 중간에 끝냈습니다.
table-closed-unreadable = 이 테이블의 저장된 경기를 읽을 수 없어 테이블을 닫았습니다. 죄송합니다! /five-up start로 새 테이블을 여세요.
table-moved-to-channel = 이 경기의 스레드에 더 이상 글을 올릴 수 없어서, 여기 채널에서 경기를 이어 갑니다.
reminder = { $mention } 님, 파이브 업 차례입니다 ({ $since }부터). 계속 자리를 비우면 { $deadline } 컴퓨터 플레이어가 대신 놓습니다.
