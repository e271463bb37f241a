export default {
  atLeast: '{value}+',
  countries: 'African countries served',
  vehicles: 'vehicles available',
  customers: 'customers',
  satisfaction: 'customer satisfaction',
  years: 'years in the motor trade',
  sold: 'vehicles sold',
  cities: 'cities',
  partners: 'dealer partners',
  containers: 'containers shipped a year',
} as const;
