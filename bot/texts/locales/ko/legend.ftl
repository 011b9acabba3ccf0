# 테이블 그림(render.legend_png)의 범례: 그림의 번호 순서(render.LEGEND_ITEMS)대로 표시 하나에 메시지 하나.
legend-title = 테이블 그림 읽는 법
legend-spinner = 주황색 테두리: 더블타일, 곧 스피너입니다. 자동으로 득점 끝이 되는 것은 아닙니다.
legend-badge = 채워진 숫자: 끝 합계에 합산하는 기여값입니다.
legend-open = 속이 빈 점: 여기서는 합산하지 않는 가능한 연장입니다(스피너의 열린 갈래는 0점).
legend-closed = 흐린 점: 스피너의 두 직선 쪽이 모두 채워져야 열리는 갈래입니다.
legend-last = 색 테두리: 방금 놓은 타일입니다.
legend-equation = 띠: 타일을 놓은 사람, 합산한 기여값과 끝 합계, 그 타일 놓기로 얻은 표시 점수(양의 5의 배수를 5로 나눈 값)입니다.
legend-houses = 점수 기록: 획 하나가 표시 점수 1점입니다. 가운데 큰 X와 주변 네 공간의 작은 x 하나씩은 { $house }점입니다.
legend-needed = ◎ 옆의 숫자: 정확히 { $target }점까지 남은 점수입니다.
