// zod/mini carries no messages of its own; English ones make validation problems readable. answers.ts, through
// which every adapter reads an answer or reports a refused body, imports this for its effect.
import * as z from 'zod/mini';
import { en } from 'zod/locales';

z.config(en());
