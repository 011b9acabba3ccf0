# `python -m bot`이 실행하는 사람에게 출력하는 줄.
cli-no-token = DISCORD_TOKEN이 설정되지 않았습니다: https://discord.com/developers/applications에서 애플리케이션을 만들고, `.env.example`을 `.env`로 복사한 뒤(`cp .env.example .env`) 봇 토큰(`Bot` → `Reset Token`)을 DISCORD_TOKEN=…으로 넣고 다시 실행하세요. 그동안 `.venv/bin/python -m bot.demo`로 경기 전체를 오프라인으로 볼 수 있습니다.
cli-bad-setting = five-up: { $problem }
cli-token-refused = five-up: Discord가 DISCORD_TOKEN을 거부했습니다. 개발자 포털에서 토큰을 재설정하고 .env를 고치세요.
# 데이터베이스를 그대로는 쓸 수 없습니다(종료 상태 3). 파일은 전혀 바꾸지 않았습니다.
cli-database-not-sqlite = five-up: { $where } 는 SQLite 데이터베이스가 아니므로 이 봇의 것이 아닙니다. 다른 곳으로 옮기거나(또는 DATABASE_PATH가 올바른 파일을 가리키게 하고) 다시 시작하세요.
cli-database-damaged = five-up: 데이터베이스 { $where } 가 손상되었습니다({ $detail }). 백업에서 복원하거나, 다른 곳으로 옮겨 빈 데이터베이스로 시작하세요.
cli-database-newer = five-up: 데이터베이스 { $where } 는 더 새로운 버전의 봇이 쓴 것입니다(스키마 { $found }, 이 봇은 { $known }까지 압니다). 봇을 업그레이드하거나, 이 버전이 만든 백업을 복원하세요.
cli-database-cannot-open = five-up: 데이터베이스 { $where } 를 열 수 없습니다({ $detail }). 경로와 권한을 확인하세요.
cli-database-unreachable = five-up: { $where } 의 PostgreSQL에 연결할 수 없습니다({ $detail }). 서버가 실행 중인지, 데이터베이스 URL이 그 서버를 가리키는지 확인하세요.
cli-database-refused = five-up: { $where } 의 PostgreSQL이 봇을 거부했습니다({ $detail }). 데이터베이스 URL의 사용자, 비밀번호, 데이터베이스 이름을 확인하세요.
cli-discord-unreachable = five-up: Discord에 연결할 수 없습니다({ $detail }). 바뀐 것은 없습니다. 네트워크가 돌아오면 다시 시작할 수 있도록 봇은 종료 상태 { $status }로 멈춥니다(감독 프로그램이 잠시 뒤 다시 시작해도 됩니다).
