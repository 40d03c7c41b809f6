import { describeVisitorTour } from './support/visitor-tour';
import { VIEWPORTS } from './support/tour';

describeVisitorTour(VIEWPORTS.find((viewport) => viewport.width === 390)!);
