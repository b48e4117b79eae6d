import { mountIsland } from '../hydrate.tsx';
import { ResourcesMenu } from '../ResourcesMenu.tsx';

export default mountIsland(ResourcesMenu);
