/**
 * A test file's nock: no request leaves the process (but to `allow`, e.g. '127.0.0.1' for a local
 * receiver), each test starts without the previous one's interceptors, and http is restored after
 * the file.
 *
 *   useNock();                          // at the top level of a test file
 *   useNock({ allow: '127.0.0.1' });    // the file also calls a server of its own
 */
import nock from 'nock';

export function useNock(options: { allow?: string } = {}): void {
	beforeAll(() => {
		nock.disableNetConnect();
		if (options.allow !== undefined) nock.enableNetConnect(options.allow);
	});
	afterEach(() => nock.cleanAll());
	afterAll(() => {
		nock.enableNetConnect();
		nock.restore();
	});
}
