import { PasswordLogin } from '@/components/auth/PasswordLogin.tsx';

/**
 * The example/v2 login path (SPEC §2) is the same sign-in as `/pages/user/login/index`: one screen with one
 * behaviour reached by two paths, not a copy that could drift.
 */
export default function ExampleLoginPage() {
  return <PasswordLogin />;
}
