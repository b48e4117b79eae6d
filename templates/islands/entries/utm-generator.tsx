import { mountIsland } from '../hydrate.tsx';
import { UtmGenerator } from '../UtmGenerator.tsx';

export default mountIsland(UtmGenerator);
