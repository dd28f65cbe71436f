/** Messages the server sends in `msg` and the web shows for shared validation rules. English is the reference shape. */
export const en = {
  ok: 'Success',
  validation: {
    required: '{{field}} cannot be empty',
    invalid: '{{field}} is invalid',
    tooLong: '{{field}} must be at most {{max}} characters',
    tooShort: '{{field}} must be at least {{min}} characters',
    tooBig: '{{field}} must be at most {{max}}',
    tooSmall: '{{field}} must be at least {{min}}',
    wrongType: '{{field}} has the wrong type',
    unknownField: '{{field}} is not an accepted field',
    emailInvalid: 'Please enter a correct email address',
    vcodeFormat: 'The verification code must be 6 digits',
    passwordRule: 'The password must be 8-16 characters including letters and numbers',
    passwordHash: 'The password could not be read, please try again',
    passwordMismatch: 'The two passwords do not match',
    inviteCode: 'The invitation code may only contain letters and numbers',
    malformedBody: 'The request could not be read',
  },
  fields: {
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
    vcode: 'Verification code',
    inviteCode: 'Invitation code',
    purpose: 'Purpose',
    body: 'Request',
  },
  auth: {
    emailNotRegistered: 'This email has not been registered',
    emailRegistered: 'This email is already registered',
    codeTooFrequent: 'Do not request it too frequently, try again in {{seconds}} seconds',
    codeInvalid: 'The verification code is wrong or has expired',
    wrongPassword: 'The email or password is wrong',
    tooManyFailures: 'Too many failed attempts, please try again later',
    inviteCodeUnknown: 'This invitation code does not exist',
    logoutOk: 'Exit successful',
    sessionInvalid: 'Your session has expired, please log in again',
  },
  http: {
    '401': 'Authentication failed, cannot access system resources',
    '403': 'The current operation has no permission',
    '404': 'The resource does not exist',
    '413': 'The request is too large',
    '429': 'Too many requests, please slow down',
    '500': 'Server glitch',
    '502': 'Server under maintenance, please try later',
    '503': 'Service not started',
  },
  region: { blocked: 'This feature is not supported in the current region' },
  mail: {
    codeSubject: 'Your verification code is {{code}}',
    codeBody:
      'Your verification code to {{purpose}} is {{code}}.\n\nIt expires in 10 minutes and works once. If you did not ask for it, you can ignore this mail.',
    purpose: { signup: 'create your account', login: 'log in', reset: 'reset your password' },
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Messages = Shape<typeof en>;
