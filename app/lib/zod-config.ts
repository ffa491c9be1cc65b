import { z } from "zod";

// zod 4 probes `new Function` once to decide whether it may compile validators; under our CSP
// the browser reports that probe as a violation. Imported first by the server entry and by every
// browser module that uses zod (tests/unit/zod-config.test.ts), so it runs before any schema is
// built, and pages without forms load no zod at all.
z.config({ jitless: true });
