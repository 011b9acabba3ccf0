# 다시 보기 화면(/five-up replay, 다시 보기 버튼)과 놓친 점수 복기(/five-up review, 복기 버튼).
# 점수는 표시 점수(원점수 ÷ 5)입니다.

## 명령어
cmd-replay = 이 서버의 경기를 한 수씩 혼자 다시 보기 (진행 중인 경기는 지금까지)
cmd-replay-match = 경기(#번호)
cmd-replay-animated = 대신 한 라운드를 움직이는 그림으로 보기
cmd-replay-round = 시작할 라운드 (움직이는 그림이면 보여 줄 라운드, 기본: 첫 라운드, 움직이는 그림은 마지막 라운드)
cmd-review = 끝난 경기에서 각 수가 얻을 수 있었던 점수를 혼자 보기
cmd-review-match = 끝난 경기(#번호)
cmd-review-seat = 누구의 수를 볼지 (자리 1~4, 컴퓨터 자리도 가능, 기본: 내 자리)

## 버튼
button-replay = 다시 보기
button-review = 복기
button-replay-match = #{ $id } 다시 보기

## 다시 보기 화면
replay-header = **경기 #{ $id }** · 라운드 { $round } · 전체 { $step }/{ $steps }번째 놓기
replay-round-leads = **라운드 { $round }.** { $player }이(가) 선공합니다.
replay-hands = 이 수 뒤의 보유 타일:
replay-hand = • { $seat } { $player }: { $tiles }
replay-hand-empty = 타일 없음
replay-missed = 여기서 { $player }은(는) { $better }(으)로 { $best }점을 얻을 수 있었습니다 (이 수: { $scored }점).
replay-live = 아직 진행 중인 경기입니다: 지금까지만, 누구의 타일도 보이지 않게 보여 줍니다.
replay-placement-opening = 시작 타일 { $tile }
replay-placement-on = { $on }에 놓는 { $tile }
replay-or = {" "}또는{" "}
replay-round-option = 라운드 { $round } ({ $moves }수)
replay-pick-round = 라운드로 이동
replay-animated = **경기 #{ $id }**, 라운드 { $round }: 놓기 { $frames }번을 차례로 보여 줍니다.
replay-choice-live = { $match } (진행 중)

## 복기
review-title = **경기 #{ $id } 복기: { $seat } { $player }**
review-summary = 놓기 { $placements }번: { $scored }점을 얻었고, 매번 가장 많이 얻을 수 있었던 점수를 더하면 { $best }점입니다. **놓친 점수: { $missed }점.**
review-costliest = 가장 아쉬운 수:
review-costly = { $rank }. 라운드 { $round }, { $move }번째 수: { $made } → { $scored }점. { $better }(으)로 두었다면 { $best }점이었습니다.
review-none = 놓친 점수가 없습니다: 매번 그 순간 얻을 수 있는 가장 많은 점수를 얻었습니다.
review-greedy = 이 복기는 눈앞의 점수만 따지는 탐욕적 기준입니다. 그 수로 바로 얻는 점수만 비교할 뿐, 경기 전체의 최선의 계획(타일 아껴 두기, 막기, 먼저 나가기)은 따지지 않습니다.
review-open-step = { $rank }. 라운드 { $round }, { $move }번째 수

## 거절
error-replay-empty = 경기 #{ $id }에는 아직 보여 줄 수가 없습니다.
error-replay-no-round = 라운드 { $round }은(는) 없습니다: 이 경기는 지금까지 { $rounds }라운드입니다.
error-review-running = 경기 #{ $id }은(는) 아직 진행 중입니다: 복기는 경기가 끝난 뒤에 볼 수 있습니다 (다시 보기는 지금까지 볼 수 있습니다).
error-review-not-seated = 경기 #{ $id }에 참가하지 않았습니다: `/five-up review 자리:`로 자리를 고르세요.
error-review-no-seat = 자리 { $seat }은(는) 없습니다: 이 경기는 { $seats }자리였습니다.


## /five-up rules: 경기 뒤에
rulebook-review-title = 경기 뒤에: 다시 보기와 복기
rulebook-review =
    - **다시 보기**(경기 종료 메시지, `/five-up history`, `/five-up replay`)는 경기를 한 수씩 나만 보이게 보여 줍니다. 끝난 경기는 모든 보유 타일까지, 진행 중인 경기는 지금까지 누구의 타일도 보이지 않게 보여 줍니다.
    - **복기**(경기 종료 메시지, `/five-up review`)는 내가 놓은 각 수마다, 그 순간 규칙에 맞는 놓기 중 가장 많이 얻을 수 있었던 점수와 실제로 얻은 점수를 비교합니다. 61점을 넘겨 취소될 점수는 0점으로, 정산이 취소되는 마지막 타일도 0점으로 셉니다. 눈앞의 점수만 따지는 탐욕적 기준이라, 최선의 계획(타일 아껴 두기, 막기, 먼저 나가기)이 지금의 점수보다 나을 수 있다는 점은 따지지 않습니다.
