// Writes pipeline/transform/world-map.json from world-atlas (`npm run generate:world-map`). The file is
// committed; test/unit/transform/world-map.test.ts checks that it is what this script writes.
import { writeFile } from 'node:fs/promises';
import { formatWorldMapAsset, projectWorldMap } from './project-world-map.ts';

const target = new URL('../pipeline/transform/world-map.json', import.meta.url);
await writeFile(target, formatWorldMapAsset(projectWorldMap()));
console.log(`wrote ${target.pathname}`);
