// n8n's own `n8n-node lint` configuration (@n8n/node-cli's default eslint.config.mjs), applied to
// the published code only. `n8n-node lint` itself refuses to run here: in strict mode it requires
// eslint.config.mjs to be its template verbatim, which would also lint test/, sandbox/ and tooling/
// under the package rules. `npm run lint:n8n-node` runs the same rules on what n8n verifies.
import { config } from '@n8n/node-cli/eslint';

export default [...config, { linterOptions: { noInlineConfig: true } }];
