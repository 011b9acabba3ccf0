# 테이블 그림에 쓰는 짧은 말: 라운드 정산과 승자. 휴대폰에서는 그림이 400px 너비로 보인다.
picture-seat = { $seat }번 자리
picture-out = 타일을 다 냄
picture-placement = 마지막 타일 점수
picture-opponents = 상대 타일의 점
picture-partner = 파트너 타일의 점
picture-net = 결과
picture-over = 61 초과: 무효
picture-blocked = 막힘
picture-pips = 남은 점
picture-award = 받는 점수
picture-skipped = 이미 승부 결정
picture-wins = 승리
picture-round = { $round }라운드
