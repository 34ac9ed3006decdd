import { apiUrl, normalizeBaseUrl } from '../../../nodes/shared/baseUrl';

describe('normalizeBaseUrl', () => {
	it.each([
		['https://school.example', 'https://school.example'],
		['https://school.example/', 'https://school.example'],
		['https://school.example/api', 'https://school.example/api'],
		['https://school.example/api/', 'https://school.example/api'],
		['https://school.example/api/v1', 'https://school.example/api'],
		['https://school.example/v1/', 'https://school.example'],
		['  https://school.example:8443/tenant/api/v1//  ', 'https://school.example:8443/tenant/api'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
	])('%s → %s', (input, expected) => {
		expect(normalizeBaseUrl(input)).toBe(expected);
	});

	it('rejects what is not an http(s) URL, saying what to enter', () => {
		expect(() => normalizeBaseUrl('school.example')).toThrow(/not a valid URL.*https:\/\/school\.example\.com/);
		expect(() => normalizeBaseUrl('ftp://school.example')).toThrow(/must start with https:\/\//);
	});
});

describe('apiUrl', () => {
	it('appends /v1 and the endpoint', () => {
		expect(apiUrl('https://school.example/api/v1/', '/students')).toBe('https://school.example/api/v1/students');
		expect(apiUrl('https://school.example', 'students/7')).toBe('https://school.example/v1/students/7');
	});
});
