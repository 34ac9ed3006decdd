import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import {
	clearStoredSubscription,
	saveSubscription,
	storedSubscription,
} from '../../../nodes/EducationPlatformTrigger/storedSubscription';

/** A hook context whose node static data is `staticData` (n8n saves it after the lifecycle call). */
const context = (staticData: IDataObject) =>
	({ getWorkflowStaticData: () => staticData }) as unknown as IHookFunctions;

describe('the subscription kept in static data', () => {
	it('is saved under the keys saved workflows already hold, and read back from the same object', () => {
		const staticData: IDataObject = {};
		saveSubscription.call(
			context(staticData),
			{
				id: 'wh_1',
				url: 'https://n8n.example/webhook/abc',
				events: ['payment.failed'],
				platform: 'https://platform.example',
			},
			'whsec_secret',
		);
		expect(staticData).toEqual({
			webhookId: 'wh_1',
			webhookSecret: 'whsec_secret',
			webhookUrl: 'https://n8n.example/webhook/abc',
			webhookEvents: ['payment.failed'],
			webhookPlatform: 'https://platform.example',
		});
		expect(storedSubscription.call(context(staticData))).toBe(staticData);
	});

	it('is cleared key by key, leaving whatever else the node keeps there', () => {
		const staticData: IDataObject = {
			webhookId: 'wh_1',
			webhookSecret: 's',
			webhookUrl: 'u',
			webhookEvents: [],
			webhookPlatform: 'p',
			other: 1,
		};
		clearStoredSubscription.call(context(staticData));
		expect(staticData).toEqual({ other: 1 });
	});
});
