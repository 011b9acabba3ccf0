# `python -m bot`이 실행하는 사람에게 출력하는 줄.
cli-no-token = DISCORD_TOKEN이 설정되지 않았습니다: https://discord.com/developers/applications에서 애플리케이션을 만들고, `.env.example`을 `.env`로 복사한 뒤(`cp .env.example .env`) 봇 토큰(`Bot` → `Reset Token`)을 DISCORD_TOKEN=…으로 넣고 다시 실행하세요. 그동안 `.venv/bin/python -m bot.demo`로 경기 전체를 오프라인으로 볼 수 있습니다.
cli-bad-setting = five-up: { $problem }
cli-token-refused = five-up: Discord가 DISCORD_TOKEN을 거부했습니다. 개발자 포털에서 토큰을 재설정하고 .env를 고치세요.
