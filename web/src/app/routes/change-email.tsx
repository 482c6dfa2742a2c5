import { useSearchParams } from 'react-router-dom';
import { CompleteChangeEmail } from '@/features/account/components/complete-change-email';

export default function ChangeEmailRoute() {
  const [params] = useSearchParams();
  return <CompleteChangeEmail token={params.get('token')} />;
}
