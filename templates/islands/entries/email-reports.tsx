import { mountIsland } from '../hydrate.tsx';
import { EmailReports } from '../EmailReports.tsx';

export default mountIsland(EmailReports);
