// FOR DEVELOPMENT AND TESTING ONLY. Loaded with NODE_OPTIONS=--require into the n8n mains this
// repository starts with several mains (the queue suite, `npm start -- --queue --mains 2`); never
// part of the published package. It changes two things in that process:
//
// 1. The licence. n8n's License reports the multi-main feature (feat:multipleMainInstances) as
//    licensed, so that two mains elect a leader on a machine without an n8n Enterprise licence.
//    n8n's Enterprise licence allows this ("you may copy and modify the Software for development
//    and testing purposes, without requiring a subscription", LICENSE_EE.md); several mains in
//    production need an n8n Enterprise licence. Why a preload: n8n 2.41.1 checks the licence in
//    `n8n start`'s init() (dist/commands/start.js, ensureMultiMainLicensed, lines 252-285) and
//    exits without it, and its test mode (E2E_TESTS=true) patches the licence only later, in
//    server.start(). n8n asks License.isLicensed(feature) (dist/license.js:211; isMultiMainLicensed
//    at :256 calls it); only that feature is answered here, every other goes to n8n's licence.
// 2. The host name, when EDU_MAIN_HOSTNAME is set. In a container n8n names a main after the
//    machine (n8n-core instance-settings.js:46, hostId = `main-${os.hostname()}`), and the leader
//    key in Redis holds that name: two mains in one container would both take the key for theirs
//    and both lead. Each main gets the name it would have on its own host.
'use strict';

const Module = require('node:module');
const os = require('node:os');

const FEATURE = 'feat:multipleMainInstances';
const load = Module._load;
let patched = false;

Module._load = function loadAndPatchLicense(request, ...rest) {
	const exported = load.call(this, request, ...rest);
	if (
		!patched &&
		/(^|\/)license(\.js)?$/.test(request) &&
		typeof exported?.License?.prototype?.isMultiMainLicensed === 'function'
	) {
		const isLicensed = exported.License.prototype.isLicensed;
		exported.License.prototype.isLicensed = function isLicensedOrMultiMain(feature) {
			return feature === FEATURE || isLicensed.call(this, feature);
		};
		patched = true;
		Module._load = load;
	}
	return exported;
};

const hostname = process.env.EDU_MAIN_HOSTNAME;
if (hostname) os.hostname = () => hostname;
