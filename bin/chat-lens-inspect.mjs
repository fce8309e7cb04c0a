#!/usr/bin/env node
// The package's `bin`: runs the TypeScript CLI through tsx's loader, so no separate build is needed. The
// project's tsconfig (its `@/` paths) is named here, so the command runs from any directory.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('../lens/cli/main.ts');
