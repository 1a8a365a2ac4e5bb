// Ports of the backend started for the backend tests: not the default ones, so that the suite can run
// while a development backend (npm run backend / npm start) is up. Overridable by environment.
const env = process.env;
export const TEST_PORTS = {
  api: Number(env.TEST_BACKEND_API_PORT ?? 55421),
  db: Number(env.TEST_BACKEND_DB_PORT ?? 55422),
  inbox: Number(env.TEST_BACKEND_INBOX_PORT ?? 55424),
  smtp: Number(env.TEST_BACKEND_SMTP_PORT ?? 55425),
};
