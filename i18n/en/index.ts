import type { AgeGroup } from '../../domain/screening-session';
import type { BaseTranslation } from '../i18n-types';
import { screenerStockTexts } from './screener-stock-texts';

// The root dictionary holds the texts shared by every page and the screener's up to its consent
// step, its first screen. Everything else is in namespaces (the folders beside this file): a page
// asks for its own before drawing, the screener for its questions and results a step ahead
// (see LocaleProvider). The server loads them all (server/translations.ts).

const en = {
  appName: 'Minda',
  common: {
    dismiss: 'Dismiss',
    adminLogin: 'Admin Login',
    backHome: 'Back to home',
    disclaimer:
      'This tool is for self-reflection and awareness only. It is not a diagnostic tool. A qualified professional will review your results and guide you forward.',
    // The owner is Minda on its own pages, the clinic on its screener (white label).
    copyright: '© {year:number} {owner:string}. All rights reserved.',
    footerNotice: 'This is a self-screening tool and does not provide a medical diagnosis.',
    poweredBy: 'Powered by Minda',
  },
  notFound: {
    title: '404 Page Not Found',
    hint: 'Did you forget to add the page to the router?',
  },
  screener: {
    loading: 'Loading screener configuration...',
    loadFailed: 'Failed to load screener configuration.',
    loadFailedHint: 'Please try refreshing the page or contact the administrator.',
    beforeWeBegin: 'Before We Begin',
    anonymous: 'Anonymous & Confidential',
    switchLanguage: 'Bahasa Melayu',
    switchLanguageLabel: 'Baca dalam Bahasa Melayu',
    progressLabel: 'Screener progress',
    progress: '{position:number} of {total:number}',
    questionOf: 'Question {position:number} of {total:number}',
    previous: 'Previous',
    next: 'Next',
    complete: 'Complete',
    viewResults: 'View Results',
    loadingQuestion: 'Loading...',
    loadingQuestions: 'Loading questions...',
    noQuestion: 'No question available',
    answerOptions: 'Answer options',
    followUpLabel: 'Your answer (optional)',
    continue: 'Continue',
    skip: 'Skip',
    partFailed: 'This part could not be loaded. Check your connection and try again.',
    tryAgain: 'Try again',
    // Opens the crisis lines from every step (src/screener/CrisisLinesDialog.tsx).
    needHelp: 'Need help now?',
    defaults: {
      title: screenerStockTexts.title,
      description: screenerStockTexts.description,
    },
    consent: {
      importantTitle: 'Important',
      important: screenerStockTexts.important,
      whatThisDoesTitle: 'What this does',
      whatThisDoes: screenerStockTexts.whatThisDoes,
      privacyTitle: 'Your privacy',
      privacy: screenerStockTexts.privacy,
      // The last privacy bullet, under any privacy text: the operator's AI switch decides which.
      privacyAiOn:
        'To write your wellbeing tips, your scores and follow-up answers, without names or contact details, are sent to an AI service',
      privacyAiOff: 'Your wellbeing tips are written here; your answers are not sent to any AI service',
      // A bullet of its own under any privacy text, on the clinics' screeners (not the sample's): docs/decisions/0025.
      privacyCounts: 'The clinic keeps anonymous daily counts (screenings started and completed, levels reached); nothing in them identifies you',
      ageQuestion: 'Please select your age group',
      ageGroups: {
        belowMinimumAge: 'Under {age:number}',
        meetsMinimumAge: '{age:number} or older',
      } satisfies Record<AgeGroup, string>,
      underAge:
        'This tool is designed for individuals {age:number} years and older. We encourage you to speak with a trusted adult, parent, or healthcare provider about your wellbeing.',
      consentButton: 'I understand and consent to continue',
    },
  },
} satisfies BaseTranslation;

export default en;
