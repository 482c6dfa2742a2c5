import { useSearchParams } from 'react-router-dom';
import { ResetPassword } from '@/features/account/components/reset-password';
import { useAuth } from '@/lib/auth';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const { openLogin } = useAuth();
  return <ResetPassword token={params.get('token')} onLogin={() => openLogin()} />;
}
