// Ports of the backend started for the backend tests: the test ports of tests/e2e/ports.ts (not the
// default ones, so the suite can run while `npm start` is up). Overridable by environment.
export { TEST_BACKEND_PORTS as TEST_PORTS } from '../e2e/ports.ts';
