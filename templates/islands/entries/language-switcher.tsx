import { mountIsland } from '../hydrate.tsx';
import { LanguageSwitcher } from '../LanguageSwitcher.tsx';

export default mountIsland(LanguageSwitcher);
