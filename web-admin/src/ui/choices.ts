/** A yes / no filter: the API reads 'true' and 'false'. */
export const YES_NO_CHOICES = [
  { id: 'true', name: 'Yes' },
  { id: 'false', name: 'No' },
];
