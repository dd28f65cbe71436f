import { PasswordLogin } from '@/components/auth/PasswordLogin.tsx';

export default function LoginPage() {
  return <PasswordLogin />;
}
