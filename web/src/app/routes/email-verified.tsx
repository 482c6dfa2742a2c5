import { useSearchParams } from 'react-router-dom';
import { EmailVerified } from '@/features/auth/components/email-verified';

export default function EmailVerifiedRoute() {
  const [params] = useSearchParams();
  return <EmailVerified token={params.get('token')} />;
}
