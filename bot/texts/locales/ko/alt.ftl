# 그림 설명(대체 텍스트): 화면 낭독기가 읽습니다. 봇이 보내는 모든 그림에 붙습니다.
# 놓기, 정산, 점수, 차례 문장은 game.ftl과 table.ftl의 것을 그대로 쓰고, 여기에는 나머지를 둡니다.

## 테이블 그림
alt-table = 테이블 그림, 라운드 { $round }입니다.
alt-table-ended = 테이블 그림: 끝난 라운드 { $round }의 모습입니다.
alt-end = { $tile }에서 { $value }
alt-ends = 열린 끝: { $ends }. 합계 { $total }입니다.

## 점수표 그림 (/five-up score)
alt-scoresheet = 점수표 그림, 라운드 { $round }입니다.
alt-needs = { $side } { $points }점
alt-needed = 정확히 61점까지 남은 점수: { $needs }.

## 내 타일
alt-hand = 내 타일 그림: { $count ->
    [0] 타일 없음
   *[other] 타일 { $count }개
}.
alt-hand-playable = 지금 놓을 수 있는 곳: { $choices }.
alt-hand-option = { $placement }, { $outcome }
alt-hand-none = 지금 놓을 수 있는 타일이 없습니다.
alt-hand-wait = 지금은 놓을 수 없습니다: { $player } 차례입니다.

## 범례(/five-up help)와 움직이는 다시 보기
alt-legend = 범례 그림: 테이블 그림의 표시들을 그림에 적힌 번호 순서대로 설명합니다.
alt-animation = 움직이는 다시 보기, 라운드 { $round }: 놓기 한 번에 한 장면씩, 모두 { $frames }장면입니다.
alt-frame = { $frame }. { $said }
alt-record = 이 경기의 기록 파일(JSON)입니다. 모든 배분과 모든 놓기가 담겨 있어 어디서든 다시 볼 수 있습니다.
