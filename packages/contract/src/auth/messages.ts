/** Sign-in, sign-up and session texts, word for word from the specification. */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailTooLong: 'Email is too long',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'First name is too long',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name is too long',
  howHeardRequired: 'Please select how you heard about us',
  signInFailedTitle: 'Sign in failed',
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  emailNotConfirmed: 'Please check your email and click the confirmation link before signing in.',
  tryLater: 'Please try again later.',
  signInSuccessTitle: 'Welcome back!',
  signInSuccessBody: 'You have been signed in successfully.',
  useAuthOutsideProvider: 'useAuth must be used within an AuthProvider',
  sessionMissing: 'Auth session missing!',
  authRequiredTitle: 'Authentication Required',
  authRequiredBody: 'Please sign in to access your dashboard',
  loading: 'Loading...',
  mustProvideEmailAndPassword: 'You must provide either an email or phone number and a password',
  // Ours: the two-factor step the spec's sign-in did not have.
  secondFactorInvalid: 'That code is not valid. Check the time on your device and try again.',
  secondFactorExpired: 'This sign-in has expired. Enter your email and password again.',
} as const;

/** Texts of screens the spec names but whose wording is ours (invitation and owner setup). */
export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is invalid or has already been used.',
  expired: 'This invitation link has expired. Ask for a new one.',
  emailTaken: 'An account with this email already exists.',
  created: 'Your account is ready.',
} as const;

export const SHELL_MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  unexpectedError: 'An unexpected error occurred',
  reloadPage: 'Reload Page',
  notFound: 'Oops! Page not found',
  returnHome: 'Return to Home',
  userFallback: 'User',
  emailFallback: 'No email available',
} as const;
