# 테이블 그림(render.legend_png)의 범례: 그림의 번호 순서(render.LEGEND_ITEMS)대로 표시 하나에 메시지 하나. 빠른 시작과 함께 휴대폰 한 화면에 들어가도록 짧게.
legend-title = 테이블 그림 읽는 법
legend-spinner = 주황색 테두리: 더블(스피너)입니다.
legend-badge = 숫자 동그라미: 점수에 들어가는 끝입니다.
legend-open = 빈 점: 열려 있지만 아직 0점입니다.
legend-closed = 흐린 점: 양쪽이 다 차면 열리는 갈래입니다.
legend-shared = 작은 점: 더블의 다른 쪽 숫자에 이미 들어가요.
legend-last = 자리 색 테두리: 그 자리가 방금 놓은 타일입니다.
legend-turn = ▶ 알약: 차례인 사람(끝나면 다 낸 사람, 이긴 사람)입니다.
legend-hands = 칩 옆 숫자: 손에 든 타일, 더미: 남은 타일입니다.
legend-equation = 띠: 끝들의 합계와 점수(합계 ÷ 5)입니다.
legend-settled = 테두리 점수: 마지막 타일, 정산에 들어가요.
legend-over = 줄 그은 빨간 점수: { $target }점을 넘어 취소되었습니다.
legend-rounding = 남은 점: 5 단위로 반올림한 뒤 ÷ 5입니다.
legend-houses = 점수표: 획 하나가 1점, 칸 하나가 { $house }점입니다.
legend-needed = ◎: 정확히 { $target }점까지 남은 점수입니다.
legend-negative = 빨간 빼기: 0점 아래입니다.
legend-winner = 별: 이긴 편과 { $target }점을 만든 점수입니다.
