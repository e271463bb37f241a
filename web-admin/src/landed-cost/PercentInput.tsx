import { NumberInput, type NumberInputProps } from 'react-admin';
import { percentText, shareOfPercent } from './percent';

/** A rate typed as a percentage (7.5) and kept in the form as the share the API takes (0.075). */
export const PercentInput = (props: NumberInputProps) => <NumberInput format={percentText} parse={shareOfPercent} {...props} />;
