import { mountIsland } from '../hydrate.tsx';
import { CountryInfo } from '../CountryInfo.tsx';

export default mountIsland(CountryInfo);
