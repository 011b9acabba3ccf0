# `python -m bot.demo`: 오프라인 데모 자체의 줄 (경기 중계는 game.ftl).
demo-title = 정확히 61 파이브 업 오프라인 데모: 컴퓨터 플레이어 { $players }명({ $level }), 시드 { $seed }.
demo-message = ── 메시지 { $number } ──
demo-pictures = 그림 { $count }장을 { $folder }에 저장했습니다
demo-record = 경기 기록: { $path }
demo-replay = 확인하기: .venv/bin/python -m engine.replay { $path }
