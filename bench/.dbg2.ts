import { EducationPlatform } from '../nodes/EducationPlatform/EducationPlatform.node.js';
import { startLiveSandbox, runStudentNode, STUDENTS_PATH } from '../test/integration/support/liveSandbox';
const onList = (nth: number, fault: any): any => ({ path: STUDENTS_PATH, method: 'GET', nth: [nth], fault });
(async () => {
  const sb = await startLiveSandbox({ students: 2000 });
  sb.state.faults.replace([
		{ id: '429', ...onList(3, { type: 'status', status: 429, retry_after: 1 }) },
		{ id: '503', ...onList(4, { type: 'status', status: 503, retry_after: 1 }) },
		{ id: '500', ...onList(8, { type: 'status', status: 500 }) },
		{ id: '502', ...onList(11, { type: 'status', status: 502, retry_after: 0 }) },
		{ id: 'drop', ...onList(14, { type: 'drop' }) },
		{ id: 'truncate', ...onList(18, { type: 'truncate' }) },
  ]);
  const t = Date.now();
  const timer = setInterval(() => console.log('...', Date.now() - t, sb.traffic.requests.map(r => `${r.query.get('page')}:${r.status}`).join(' ')), 3000);
  const r = await runStudentNode(sb, { operation: 'getMany', returnAll: true }, { nodeType: new EducationPlatform() });
  clearInterval(timer);
  console.log(Date.now() - t, r.items.length, r.error?.message, sb.traffic.requests.map(r => `${r.query.get('page')}:${r.status}`).join(' '));
  await sb.close();
})();
