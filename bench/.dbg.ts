import { EducationPlatform } from '../nodes/EducationPlatform/EducationPlatform.node.js';
import { startLiveSandbox, runStudentNode, STUDENTS_PATH } from '../test/integration/support/liveSandbox';
(async () => {
  const sb = await startLiveSandbox({ students: 500 });
  const fault = process.argv[2];
  const f: any = fault === 'drop' ? { type: 'drop' } : fault === 'truncate' ? { type: 'truncate' } : { type: 'status', status: Number(fault) };
  sb.state.faults.replace([{ path: STUDENTS_PATH, nth: [2], fault: f }]);
  const t = Date.now();
  const timer = setInterval(() => console.log('...', Date.now() - t, sb.traffic.requests.map(r => `${r.query.get('page')}:${r.status}`).join(' ')), 3000);
  const r = await runStudentNode(sb, { operation: 'getMany', returnAll: true }, { nodeType: new EducationPlatform() });
  clearInterval(timer);
  console.log(fault, Date.now() - t, r.items.length, r.error?.message, sb.traffic.requests.map(r => `${r.query.get('page')}:${r.status}`).join(' '));
  await sb.close();
})();
