import { existsSync } from 'node:fs';

import { ENGINE_SETTINGS, FULL_ENGINES, parseEngines } from '../../../bench/n8n/engines';
import { FULL, SMALL } from '../../../bench/n8n/run';
import { recommendedN8nEnv } from '../../../tooling/lib/n8n-env';

describe('bench:n8n engine settings', () => {
	it('measures lazy acquisition at pool sizes 1, 2, 4 and 8 and the legacy engine in a full run, and with --small what npm start applies', () => {
		expect(FULL.engines.map((setting) => setting.name)).toEqual([...FULL_ENGINES]);
		expect(FULL.engines.map((setting) => setting.env)).toEqual([
			{ N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true', N8N_EXPRESSION_ENGINE_POOL_SIZE: '1' },
			{ N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true', N8N_EXPRESSION_ENGINE_POOL_SIZE: '2' },
			{ N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true', N8N_EXPRESSION_ENGINE_POOL_SIZE: '4' },
			{ N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true', N8N_EXPRESSION_ENGINE_POOL_SIZE: '8' },
			{ N8N_EXPRESSION_ENGINE: 'legacy' },
		]);
		expect(SMALL.engines.map((setting) => setting.env)).toEqual([recommendedN8nEnv(2)]);
	});

	it('takes --engines names in the table order, and names the known ones when one is unknown', () => {
		expect(parseEngines('legacy, lazy-pool-2').map((setting) => setting.name)).toEqual([
			'lazy-pool-2',
			'legacy',
		]);
		expect(() => parseEngines('lazy-pool-3')).toThrow(
			`Unknown engine setting "lazy-pool-3" in --engines: the settings are ${ENGINE_SETTINGS.map((s) => s.name).join(', ')}.`,
		);
	});

	it('loads the proposed n8n change into n8n from a file that exists, and says how to see it took effect', () => {
		const [patched] = parseEngines('static-webhook');
		const file = /^--require (\S+)$/.exec(patched.env.NODE_OPTIONS)?.[1];
		expect(file && existsSync(file)).toBe(true);
		expect(patched.confirmation).toBeTruthy();
	});
});
