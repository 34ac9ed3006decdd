import { getFreePort } from '../../../tooling/lib/ports';

it('never hands out the same port twice, though the OS may offer a port again once its probe closed', async () => {
	const ports: number[] = [];
	for (let i = 0; i < 300; i++) ports.push(await getFreePort());
	expect(new Set(ports).size).toBe(ports.length);
});
