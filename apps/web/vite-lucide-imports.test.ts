import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lucideIconFiles, rewriteLucideImports } from './vite-lucide-imports.ts';

const require = createRequire(import.meta.url);
const barrel = fs.readFileSync(
  path.join(path.dirname(require.resolve('lucide-react/package.json')), 'dist', 'esm', 'lucide-react.mjs'),
  'utf8',
);
const files = lucideIconFiles(barrel);

describe('lucide icon imports', () => {
  it('reads every icon name of the installed lucide-react, aliases included, each to a module that exists', () => {
    expect(files.size).toBeGreaterThan(1000);
    expect(files.get('Check')).toBe('check');
    expect(files.get('CheckIcon')).toBe('check');
    expect(files.get('CheckCircle2')).toBe('circle-check');
    expect(files.get('CircleCheck')).toBe('circle-check');
    for (const file of new Set(files.values())) expect(require.resolve(`lucide-react/icons/${file}`)).toBeTruthy();
  });

  it('rewrites an import of icons into one import per icon, keeping local names', () => {
    const code = "import { Check, ArrowLeft as Back } from 'lucide-react';\nimport { x } from './y.ts';\n";
    expect(rewriteLucideImports(code, files)).toBe(
      "import Check from 'lucide-react/icons/check';import Back from 'lucide-react/icons/arrow-left';\nimport { x } from './y.ts';\n",
    );
    expect(rewriteLucideImports('import {\n  Globe,\n  Wifi,\n} from "lucide-react"', files)).toBe(
      "import Globe from 'lucide-react/icons/globe';import Wifi from 'lucide-react/icons/wifi';",
    );
  });

  it('leaves an import that names anything but icons, and code without lucide imports', () => {
    const code = "import { createLucideIcon, Check } from 'lucide-react';";
    expect(rewriteLucideImports(code, files)).toBeUndefined();
    expect(rewriteLucideImports("import { Check } from 'lucide-react-native';", files)).toBeUndefined();
  });
});
