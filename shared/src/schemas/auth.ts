import * as yup from 'yup';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits';
import { MESSAGES } from '../messages';

const required = MESSAGES.fieldRequired;

export const emailField = () =>
  yup.string().trim().required(required).max(254, MESSAGES.invalidEmail).email(MESSAGES.invalidEmail);

export const passwordField = () =>
  yup
    .string()
    .required(required)
    .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);

export const signInSchema = yup.object({
  email: emailField(),
  password: yup.string().required(required).max(1024, required),
});
export type SignInInput = yup.InferType<typeof signInSchema>;

export const signUpSchema = yup.object({
  fullName: yup.string().trim().required(required).max(200),
  email: emailField(),
  password: passwordField(),
  signuptags: yup.string().max(2000).optional(),
});
export type SignUpInput = yup.InferType<typeof signUpSchema>;

export const forgotPasswordSchema = yup.object({ email: emailField() });

export const resetPasswordSchema = yup.object({ password: passwordField() });

/** The reset form in the UI also confirms the password. */
export const resetPasswordFormSchema = yup.object({
  password: passwordField(),
  confirmPassword: yup
    .string()
    .required(required)
    .oneOf([yup.ref('password')], MESSAGES.passwordsDoNotMatch),
});

export const signInAsSchema = yup.object({ email: emailField() });
