import { useSearchParams } from 'react-router-dom';
import { NewsletterConfirm } from '@/features/newsletter/components/newsletter-links';

export default function NewsletterConfirmRoute() {
  const [params] = useSearchParams();
  return <NewsletterConfirm token={params.get('token')} />;
}
