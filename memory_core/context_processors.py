def tenancy(request):
    return {}
