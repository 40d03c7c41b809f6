// The stock English texts of a screener configuration. The dictionary shows
// them; domain/configuration gives them to a new configuration and recognises them, so a
// configuration that still has them is shown translated on the Malay route. A module of its
// own, so the domain's import does not pull the dictionary into every page.
export const screenerStockTexts = {
  title: 'DASS-21 Wellbeing Screener',
  description: 'A supportive tool to help you reflect on your wellbeing',
  important:
    'This screener is for self-reflection and awareness only. It is not a diagnosis. A qualified professional will review your results and guide you on the next steps. If you are in crisis or feel unsafe, please contact emergency services or a crisis helpline straight away.',
  whatThisDoes:
    'Asks a few short questions about how you have been feeling recently\nGives you your scores with a plain-language explanation\nOffers personalised wellbeing tips and the option to book an appointment with a professional',
  privacy:
    'Your answers are anonymous: no name or login is needed to take the screener\nYour answers are used to prepare your results and wellbeing tips, and reach the clinic only if you choose to share your results when you book an appointment\nContact details are asked for only if you choose to book an appointment',
} as const;
