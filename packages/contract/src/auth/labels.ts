/** Buttons, links and field labels of the sign-in dialog, the guard and the invitation page. */
export const AUTH_LABELS = {
  signIn: 'Sign In',
  signingIn: 'Signing in...',
  signUpHere: 'Sign up here',
  backToHome: 'Back to home',
  email: 'Email',
  password: 'Password',
  firstName: 'First name',
  lastName: 'Last name',
  inviteHeading: 'Create your Penman account',
  ownerHeading: 'Set up the owner account',
  createAccount: 'Create account',
  creatingAccount: 'Creating account...',
  secondStepHint: 'Your password was right. One more step: your account has two-factor sign-in.',
} as const;
