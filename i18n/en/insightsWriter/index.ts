import type { BaseTranslation } from '../../i18n-types';
import type { CombinedCategory } from '../../../domain/combined';
import type { Dass21Category } from '../../../domain/dass21';
import type { InterpretationTier } from '../../../domain/interpretation';
import type { PlanTier } from '../../../domain/wellbeing-plan';

// The built-in writer of the insights card (server/insights/built-in-writer.ts), used without an
// AI key and whenever the model fails. The wellbeing plan card below it already lists daily
// actions, so these texts add the next step and one coping idea instead of repeating them.
const en_insightsWriter = {
  opening: {
    severe:
      'Thank you for taking the time to check in with yourself. Your answers suggest you are going through a hard time right now, and you deserve support with it.',
    moderate:
      'Thank you for taking the time to check in with yourself. Your answers suggest you are under a fair amount of strain at the moment.',
    mild: 'Thank you for taking the time to check in with yourself. Your answers show some mild signs of strain, which many people experience from time to time.',
    normal:
      'Thank you for taking the time to check in with yourself. Your answers are within the normal range, which is a good sign for your wellbeing right now.',
  } satisfies Record<InterpretationTier, string>,
  // Each scale reads 'depression 26 of 42 (Severe)'; the writer joins them as a list of the language.
  scale: '{name:string} {score:number} of {max:number} ({level:string})',
  scaleNames: {
    depression: 'depression',
    anxiety: 'anxiety',
    stress: 'stress',
    whooley: 'Whooley',
    phq9: 'PHQ-9',
    gad7: 'GAD-7',
  } satisfies Record<Dass21Category | CombinedCategory, string>,
  dass21Scores: 'Over the past week, your scores were {scales:string}.',
  combinedScores: 'Your scores were {scales:string}.',
  notDiagnosis:
    'These results come from a self-screening and are not a diagnosis; a qualified professional can help you make sense of them.',
  nextStep: {
    priority:
      'Please arrange to speak with a psychologist, counsellor or doctor in the next few days. You can book a session in the section below, or visit a klinik kesihatan.',
    guidance:
      'Talking with a psychologist or counsellor could help you understand what you are feeling and find ways to ease it. You can book a session below.',
    maintenance:
      'Keep doing what supports you, and check in with yourself again if things change. A professional is there if you ever want to talk.',
  } satisfies Record<PlanTier, string>,
  copingIdea: {
    depression:
      'Low mood often lifts a little with small steps: do one thing each day that you used to enjoy, even briefly, and let someone you trust know how you are doing.',
    anxiety:
      'When worry builds up, pause and breathe slowly, in for 4 counts and out for 6, then name five things you can see around you to bring yourself back to the present.',
    stress:
      'Stress eases when the load is shared: list what is on your plate, choose the one or two things that matter most today, and ask for help with the rest.',
  } satisfies Record<Dass21Category, string>,
  basics:
    'Regular sleep, meals, daylight and movement make a real difference to mood and worry; start with whichever feels easiest.',
  supportLine:
    'If you need someone to talk to, {heal:string} ({healNumber:string}) offers free, confidential support from the Ministry of Health.',
  // The helplines are a list of the language ('Talian HEAL 15555 or Befrienders Kuala Lumpur 03-7627 2929').
  crisis:
    'If you are in danger or thinking about harming yourself, call {emergencyNumber:string} (or {alternativeNumber:string} from a mobile) now. You can also call {helplines:string}, and please see a mental health professional as soon as you can.',
} satisfies BaseTranslation;

export default en_insightsWriter;
