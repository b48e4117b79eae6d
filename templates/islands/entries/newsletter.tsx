import { mountIsland } from '../hydrate.tsx';
import { NewsletterForm } from '../NewsletterForm.tsx';

export default mountIsland(NewsletterForm);
