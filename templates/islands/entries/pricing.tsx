import { mountIsland } from '../hydrate.tsx';
import { PricingTable } from '../PricingTable.tsx';

export default mountIsland(PricingTable);
