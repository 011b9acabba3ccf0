# 테이블 그림(render.legend_png)의 범례: 그림의 번호 순서(render.LEGEND_ITEMS)대로 표시 하나에 메시지 하나.
legend-title = 테이블 그림 읽는 법
legend-spinner = 주황색 테두리: 더블 타일(스피너)입니다. 그것만으로 점수가 나는 끝은 아닙니다.
legend-badge = 숫자가 든 동그라미: 합계에 들어가는 끝과, 그 끝이 더하는 값입니다.
legend-open = 속이 빈 점: 이어 놓을 수 있지만 아직 아무것도 더하지 않는 자리입니다.
legend-closed = 흐린 점: 줄의 양쪽이 모두 채워져야 열리는 갈래입니다.
legend-last = 자리 색의 테두리: 그 자리에서 방금 놓은 타일입니다.
legend-equation = 띠: 누가 놓았는지, 더한 끝들과 합계, 그리고 얻은 점수(합계 ÷ 5)입니다.
legend-over = 빨간색에 줄이 그어진 점수: { $target }점을 넘게 되어 취소된 점수입니다.
legend-houses = 점수표: 획 하나가 1점입니다. 큰 X와 작은 x를 모두 채운 칸 하나가 { $house }점입니다.
legend-needed = ◎ 옆의 숫자: 정확히 { $target }점까지 남은 점수입니다.
legend-winner = 별: 이긴 편, 그리고 정확히 { $target }점을 만든 점수입니다.
