// The ALTCHA widget without its bundled workers (they would be created from blob: URLs,
// which the Content-Security-Policy refuses): the worker files are served from this site.
import "altcha/external";
import "altcha/altcha.css";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";
import ShaWorker from "altcha/workers/sha?worker";

type AltchaGlobal = { algorithms: Map<string, () => Worker> };

export function registerAltcha() {
  const altcha = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
  for (const bits of ["256", "384", "512"]) {
    altcha.algorithms.set(`PBKDF2/SHA-${bits}`, () => new Pbkdf2Worker());
    altcha.algorithms.set(`SHA-${bits}`, () => new ShaWorker());
  }
}
