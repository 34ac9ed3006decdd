import { RUNTIMES } from '../../../tooling/n8n-runtime/runtime';
import { e2eTarget } from './target';

describe('the e2e matrix cell from EDU_E2E_N8N and EDU_E2E_PUBLICATION_SERVICE', () => {
	it('defaults to n8n 2.41 with the publication service on', () => {
		expect(e2eTarget({})).toEqual({
			label: 'n8n 2.x, publication service on',
			runtime: RUNTIMES['2'],
			n8nMajor: 2,
			publicationService: true,
			activation: 'publication',
			saveOfActiveWorkflow: 'draft',
			webhookUrlVariable: 'N8N_WEBHOOK_URL',
			n8nEnv: { N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true' },
		});
	});

	it('turns the service off on 2.x: the legacy activation path, but a save is still a draft', () => {
		const target = e2eTarget({ EDU_E2E_N8N: '2', EDU_E2E_PUBLICATION_SERVICE: 'false' });
		expect(target).toMatchObject({
			publicationService: false,
			activation: 'legacy',
			saveOfActiveWorkflow: 'draft',
			n8nEnv: { N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'false' },
		});
	});

	it('runs n8n 1.x and the floor on the legacy path with WEBHOOK_URL', () => {
		for (const id of ['1', 'floor'] as const) {
			expect(e2eTarget({ EDU_E2E_N8N: id })).toMatchObject({
				runtime: RUNTIMES[id],
				n8nMajor: 1,
				publicationService: false,
				activation: 'legacy',
				saveOfActiveWorkflow: 'recreates',
				webhookUrlVariable: 'WEBHOOK_URL',
				n8nEnv: {},
			});
		}
	});

	it('refuses values it does not know, and a publication setting 1.x cannot have', () => {
		expect(() => e2eTarget({ EDU_E2E_N8N: '3' })).toThrow(
			'EDU_E2E_N8N must be one of 2, 1, floor; got "3".',
		);
		expect(() => e2eTarget({ EDU_E2E_PUBLICATION_SERVICE: 'off' })).toThrow(
			'EDU_E2E_PUBLICATION_SERVICE must be "true" or "false"; got "off".',
		);
		expect(() => e2eTarget({ EDU_E2E_N8N: '1', EDU_E2E_PUBLICATION_SERVICE: 'false' })).toThrow(
			/only applies to n8n 2\.x/,
		);
	});
});
